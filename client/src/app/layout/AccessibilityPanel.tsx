import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import {
  CONTRAST_CLASSES,
  FONT_CLASSES,
  useAccessibility,
  useAccessibilityPanelOpen,
  useUiActions,
  type ContrastClass,
  type FontClass,
} from '../../stores/ui-store';

const FONT_LABELS: Record<FontClass, string> = {
  'font-default': 'ACCESSIBILITY.SIZE_DEFAULT',
  'font-large': 'ACCESSIBILITY.SIZE_LARGE',
  'font-largest': 'ACCESSIBILITY.SIZE_LARGEST',
};
const CONTRAST_LABELS: Record<ContrastClass, string> = {
  'contrast-normal': 'ACCESSIBILITY.CONTRAST_NORMAL',
  'contrast-high': 'ACCESSIBILITY.CONTRAST_HIGH',
};

export const ACCESSIBILITY_PANEL_ID = 'accessibility-panel';

/**
 * Applies the chosen font and contrast classes to <html> (16 / 18 / 24 px root size), before the browser
 * paints: a page opened with the largest text does not show at the default size first and then grow.
 */
export function AccessibilityClasses() {
  const { fontClass, contrastClass } = useAccessibility();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove(...FONT_CLASSES, ...CONTRAST_CLASSES);
    root.classList.add(fontClass, contrastClass);
  }, [fontClass, contrastClass]);
  return null;
}

export function AccessibilityToggle() {
  const { t } = useTranslation();
  const open = useAccessibilityPanelOpen();
  const { accessibilityPanelToggled } = useUiActions();
  return (
    <button
      type="button"
      className="icon-button"
      aria-expanded={open}
      aria-controls={ACCESSIBILITY_PANEL_ID}
      onClick={accessibilityPanelToggled}
      data-testid="accessibility-toggle"
    >
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="4.5" r="1.8" />
        <path d="M5 8.5l7 1.5 7-1.5M12 10v5m0 0l-3.5 6M12 15l3.5 6" />
      </svg>
      <span className="visually-hidden">{t('ACCESSIBILITY.TOGGLE')}</span>
    </button>
  );
}

export function AccessibilityPanel() {
  const { t } = useTranslation();
  const open = useAccessibilityPanelOpen();
  const { fontClass, contrastClass } = useAccessibility();
  const { fontSizeChosen, contrastChosen, accessibilityPanelClosed } = useUiActions();
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <section
      id={ACCESSIBILITY_PANEL_ID}
      ref={panelRef}
      className="a11y-panel"
      aria-label={t('ACCESSIBILITY.TITLE')}
      onKeyDown={(event) => event.key === 'Escape' && accessibilityPanelClosed()}
      data-testid="accessibility-panel"
    >
      <div className="a11y-panel__inner">
        <fieldset className="a11y-panel__group">
          <legend>{t('ACCESSIBILITY.TEXT_SIZE')}</legend>
          {FONT_CLASSES.map((font) => (
            <label key={font} className={`a11y-option a11y-option--${font}`}>
              <input
                type="radio"
                name="font-size"
                value={font}
                checked={fontClass === font}
                onChange={() => fontSizeChosen(font)}
              />
              <span>{t(FONT_LABELS[font])}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="a11y-panel__group">
          <legend>{t('ACCESSIBILITY.CONTRAST')}</legend>
          {CONTRAST_CLASSES.map((contrast) => (
            <label key={contrast} className="a11y-option">
              <input
                type="radio"
                name="contrast"
                value={contrast}
                checked={contrastClass === contrast}
                onChange={() => contrastChosen(contrast)}
              />
              <span>{t(CONTRAST_LABELS[contrast])}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="icon-button a11y-panel__close"
          onClick={accessibilityPanelClosed}
          aria-label={t('ACCESSIBILITY.CLOSE')}
        >
          ×
        </button>
      </div>
    </section>
  );
}
