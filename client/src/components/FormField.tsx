import type { InputHTMLAttributes, ReactNode } from 'react';
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

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'className' | 'aria-invalid' | 'aria-describedby'
> & { readonly 'data-testid'?: string };

interface TextFieldProps extends MessagesProps, InputAttributes {
  readonly label: ReactNode;
  readonly aside?: ReactNode;
  /** The field's class (its place in a form's grid); the input is always `field__control`. */
  readonly fieldClassName?: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** The labelled field with a one-line input, the most common case of {@link FormField}. */
export function TextField({
  id,
  label,
  hint,
  hintTestId,
  error,
  errorTestId,
  aside,
  fieldClassName,
  value,
  onChange,
  ...input
}: TextFieldProps) {
  return (
    <FormField {...{ id, label, hint, hintTestId, error, errorTestId, aside }} className={fieldClassName}>
      {(control) => (
        <input
          {...input}
          {...control}
          className="field__control"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** What a form's field helper hands the control it renders: the ties, its name, its class and test id. */
export type NamedControlProps = ControlProps & {
  readonly name: string;
  readonly className: string;
  readonly 'data-testid': string;
};

/**
 * The field helper of a form whose fields are named `<prefix>-<name>` (ids, test ids) and whose errors come
 * from one lookup: `field(name, label, control => <input {...control} …/>, { hint, wide, aside })`.
 */
export function formFields<Name extends string>(prefix: string, errorOf: (name: Name) => string | undefined) {
  return (
    name: Name,
    label: string,
    render: (control: NamedControlProps) => ReactNode,
    options: { hint?: string; className?: string; aside?: ReactNode } = {},
  ) => (
    <FormField
      id={`${prefix}-${name}`}
      label={label}
      error={errorOf(name)}
      hint={options.hint}
      aside={options.aside}
      className={options.className}
    >
      {(control) =>
        render({ ...control, name, className: 'field__control', 'data-testid': `${prefix}-${name}` })
      }
    </FormField>
  );
}
