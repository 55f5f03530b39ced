import type { ReactNode } from 'react';
import './form-field.css';

/** What the field gives its control: the id its label points at, and the ties to its hint and error. */
export interface ControlProps {
  readonly id: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

interface MessagesProps {
  readonly id: string;
  readonly hint?: ReactNode;
  readonly hintTestId?: string;
  readonly error?: string;
  readonly errorTestId?: string;
}

function describedBy({ id, hint, error }: MessagesProps): string | undefined {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function controlProps(messages: MessagesProps): ControlProps {
  return {
    id: messages.id,
    'aria-invalid': messages.error ? true : undefined,
    'aria-describedby': describedBy(messages),
  };
}

function Messages({ id, hint, hintTestId, error, errorTestId }: MessagesProps) {
  return (
    <>
      {hint && (
        <p className="hint field__hint" id={`${id}-hint`} data-testid={hintTestId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} data-testid={errorTestId ?? `field-error-${id}`}>
          {error}
        </p>
      )}
    </>
  );
}

interface FormFieldProps extends MessagesProps {
  /** The visible label, tied to the control by `for`. */
  readonly label: ReactNode;
  /** Beside the label (My data's "public" toggle). */
  readonly aside?: ReactNode;
  readonly className?: string;
  /** The control, given the id, `aria-invalid` and `aria-describedby` it must carry. */
  readonly children: (control: ControlProps) => ReactNode;
}

/**
 * The one labelled form field: a visible `<label for>`, the control, its hint, and its error (the translated
 * message) tied to the control by `aria-describedby` with `aria-invalid`, so a screen reader says the error
 * on reaching the field. The control is the screen's own (input, select, textarea), built from the props
 * this field hands it.
 */
export function FormField({ label, aside, className, children, ...messages }: FormFieldProps) {
  const classes = ['field', messages.error ? 'field--invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const labelElement = (
    <label htmlFor={messages.id} className="field__label">
      {label}
    </label>
  );
  return (
    <div className={classes}>
      {aside ? (
        <div className="field__head">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children(controlProps(messages))}
      <Messages {...messages} />
    </div>
  );
}

interface CheckboxFieldProps extends MessagesProps {
  /** The words after the box (they may hold a link), its label. */
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly testId?: string;
  readonly className?: string;
}

/** A checkbox with its label after it and its error under it, tied like a field's. */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  testId,
  className,
  ...messages
}: CheckboxFieldProps) {
  const classes = ['field field--checkbox', messages.error ? 'field--invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <div className="checkbox">
        <input
          {...controlProps(messages)}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          data-testid={testId}
        />
        <label htmlFor={messages.id}>{label}</label>
      </div>
      <Messages {...messages} />
    </div>
  );
}
