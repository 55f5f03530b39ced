import { create } from 'zustand';
import { describeError, ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS } from '../api/error-messages';
import { DAY_SECONDS, readCookie, writeCookie } from '../utils/cookies';

export type Tone = 'success' | 'info' | 'warning' | 'danger';

export interface Toast {
  id: number;
  tone: Tone;
  text: string;
  durationMs: number;
}

/** A flash message: visible until clicked (SPEC §3). */
export interface FlashMessage {
  id: number;
  tone: Tone;
  text: string;
}

export interface ModalRequest {
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm?: () => void;
}

export interface ModalState extends ModalRequest {
  mode: 'confirm' | 'info';
}

export const FONT_CLASSES = ['font-default', 'font-large', 'font-largest'] as const;
export type FontClass = (typeof FONT_CLASSES)[number];
/** The root font size each text size sets (styles/index.css `html.font-*`): what 1 rem is then. */
export const ROOT_FONT_PX: Record<FontClass, number> = {
  'font-default': 16,
  'font-large': 18,
  'font-largest': 24,
};
export const CONTRAST_CLASSES = ['contrast-normal', 'contrast-high'] as const;
export type ContrastClass = (typeof CONTRAST_CLASSES)[number];

export interface AccessibilitySettings {
  fontClass: FontClass;
  contrastClass: ContrastClass;
}

export const ACCESSIBILITY_COOKIE = 'lepinguturg.accessibility';
const ACCESSIBILITY_COOKIE_MAX_AGE = 365 * DAY_SECONDS;

function loadAccessibility(): AccessibilitySettings {
  const [font, contrast] = (readCookie(ACCESSIBILITY_COOKIE) ?? '').split(' ');
  return {
    fontClass: (FONT_CLASSES as readonly string[]).includes(font ?? '')
      ? (font as FontClass)
      : 'font-default',
    contrastClass: (CONTRAST_CLASSES as readonly string[]).includes(contrast ?? '')
      ? (contrast as ContrastClass)
      : 'contrast-normal',
  };
}

function saveAccessibility(settings: AccessibilitySettings): void {
  writeCookie(
    ACCESSIBILITY_COOKIE,
    `${settings.fontClass} ${settings.contrastClass}`,
    ACCESSIBILITY_COOKIE_MAX_AGE,
  );
}

interface UiState {
  toasts: Toast[];
  messages: FlashMessage[];
  modal: ModalState | null;
  spinnerCount: number;
  accessibility: AccessibilitySettings;
  accessibilityPanelOpen: boolean;
  actions: {
    toastShown: (toast: { tone: Tone; text: string; durationMs?: number }) => void;
    toastDismissed: (id: number) => void;
    /** The "handle error" event: one danger toast per text the error carries. */
    errorOccurred: (error: unknown) => void;
    messageAdded: (message: { tone: Tone; text: string }) => void;
    messageClicked: (id: number) => void;
    messagesWithTextCleared: (text: string) => void;
    messagesCleared: () => void;
    confirmRequested: (request: ModalRequest) => void;
    infoRequested: (request: ModalRequest) => void;
    /** Hides the modal, then runs its confirm callback (SPEC §4). */
    modalConfirmed: () => void;
    modalDismissed: () => void;
    spinnerShown: () => void;
    spinnerHidden: () => void;
    fontSizeChosen: (fontClass: FontClass) => void;
    contrastChosen: (contrastClass: ContrastClass) => void;
    accessibilityPanelToggled: () => void;
    accessibilityPanelClosed: () => void;
  };
}

let nextId = 1;

const useUiStore = create<UiState>()((set, get) => ({
  toasts: [],
  messages: [],
  modal: null,
  spinnerCount: 0,
  accessibility: loadAccessibility(),
  accessibilityPanelOpen: false,
  actions: {
    toastShown: ({ tone, text, durationMs }) =>
      set((state) => ({
        toasts: [
          ...state.toasts,
          {
            id: nextId++,
            tone,
            text,
            durationMs: durationMs ?? (tone === 'danger' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS),
          },
        ],
      })),
    toastDismissed: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
    errorOccurred: (error) => {
      const { texts, durationMs } = describeError(error);
      for (const text of texts) get().actions.toastShown({ tone: 'danger', text, durationMs });
    },
    messageAdded: ({ tone, text }) =>
      set((state) => ({ messages: [...state.messages, { id: nextId++, tone, text }] })),
    messageClicked: (id) => set((state) => ({ messages: state.messages.filter((m) => m.id !== id) })),
    messagesWithTextCleared: (text) =>
      set((state) => ({ messages: state.messages.filter((m) => m.text !== text) })),
    messagesCleared: () => set({ messages: [] }),
    confirmRequested: (request) => set({ modal: { ...request, mode: 'confirm' } }),
    infoRequested: (request) => set({ modal: { ...request, mode: 'info' } }),
    modalConfirmed: () => {
      const modal = get().modal;
      set({ modal: null });
      modal?.onConfirm?.();
    },
    modalDismissed: () => set({ modal: null }),
    spinnerShown: () => set((state) => ({ spinnerCount: state.spinnerCount + 1 })),
    spinnerHidden: () => set((state) => ({ spinnerCount: Math.max(0, state.spinnerCount - 1) })),
    fontSizeChosen: (fontClass) => {
      const accessibility = { ...get().accessibility, fontClass };
      saveAccessibility(accessibility);
      set({ accessibility });
    },
    contrastChosen: (contrastClass) => {
      const accessibility = { ...get().accessibility, contrastClass };
      saveAccessibility(accessibility);
      set({ accessibility });
    },
    accessibilityPanelToggled: () =>
      set((state) => ({ accessibilityPanelOpen: !state.accessibilityPanelOpen })),
    accessibilityPanelClosed: () => set({ accessibilityPanelOpen: false }),
  },
}));

export const useToasts = () => useUiStore((state) => state.toasts);
export const useMessages = () => useUiStore((state) => state.messages);
export const useModal = () => useUiStore((state) => state.modal);
export const useSpinnerVisible = () => useUiStore((state) => state.spinnerCount > 0);
export const useAccessibility = () => useUiStore((state) => state.accessibility);
export const useAccessibilityPanelOpen = () => useUiStore((state) => state.accessibilityPanelOpen);
export const useUiActions = () => useUiStore((state) => state.actions);
