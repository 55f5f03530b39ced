import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, FormField } from './FormField';

function Iban({ error }: { error?: string }) {
  return (
    <FormField id="payout-iban" label="IBAN" hint="Your own account" error={error}>
      {(control) => <input {...control} className="field__control" />}
    </FormField>
  );
}

describe('FormField', () => {
  it('ties its visible label to the control, and its hint as the description', () => {
    render(<Iban />);
    const input = screen.getByLabelText('IBAN');
    expect(input.id).toBe('payout-iban');
    expect(screen.getByText('IBAN').tagName).toBe('LABEL');
    expect(screen.getByRole('textbox', { name: 'IBAN', description: 'Your own account' })).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('field-error-payout-iban')).toBeNull();
  });

  it('says its error at the field: invalid, the error read with the hint, shown under it', () => {
    render(<Iban error="Invalid IBAN" />);
    const input = screen.getByRole('textbox', { name: 'IBAN', description: 'Invalid IBAN Your own account' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('field-error-payout-iban').textContent).toBe('Invalid IBAN');
  });

  it('puts what sits beside the label (a public toggle) beside it, not inside the label', () => {
    render(
      <FormField
        id="profile-address"
        label="Address"
        aside={<input type="checkbox" aria-label="Address public" />}
      >
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Address' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Address public' })).toBeTruthy();
  });
});

describe('CheckboxField', () => {
  function Terms() {
    const [checked, setChecked] = useState(false);
    return (
      <CheckboxField
        id="checkout-termsAccepted"
        label="I accept the terms"
        checked={checked}
        onChange={setChecked}
        error={checked ? undefined : 'The terms are not accepted!'}
        errorTestId="field-error-termsAccepted"
        testId="checkout-termsAccepted"
      />
    );
  }

  it('is named by the words after the box and says its error until it is ticked', async () => {
    render(<Terms />);
    const box = screen.getByRole('checkbox', {
      name: 'I accept the terms',
      description: 'The terms are not accepted!',
    });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('field-error-termsAccepted').textContent).toBe('The terms are not accepted!');

    await userEvent.click(screen.getByText('I accept the terms'));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByTestId('field-error-termsAccepted')).toBeNull();
  });
});
