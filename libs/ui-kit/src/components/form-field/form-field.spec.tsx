import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../testing';
import { Input } from '../input/input';
import { Select } from '../select/select';
import { Textarea } from '../textarea/textarea';
import { FormField } from './form-field';

describe('FormField', () => {
  it('wires label, error and hint to any element control', () => {
    renderWithTheme(
      <FormField label="Model" hint="Used for new tasks" error="Pick a model">
        <select>
          <option>Claude Sonnet 4.5</option>
        </select>
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Model' });
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('Pick a model Used for new tasks');
  });

  it('passes the wiring to a render function', () => {
    renderWithTheme(
      <FormField label="Referral code" optional id="referral">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /Referral code/ });
    expect(input).toHaveAttribute('id', 'referral');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('Optional')).toBeInTheDocument();
  });

  it('can hide the label visually and keep it for screen readers', () => {
    renderWithTheme(
      <FormField label="Search" hideLabel>
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
  });
});

describe('Select and Textarea in a FormField', () => {
  it('get the same wiring', () => {
    renderWithTheme(
      <>
        <FormField label="Plan" error="Choose a plan">
          <Select>
            <option>Pro</option>
          </Select>
        </FormField>
        <FormField label="Notes" hint="Markdown works">
          <Textarea />
        </FormField>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Plan' })).toBeInvalid();
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveAccessibleDescription(
      'Choose a plan',
    );
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      'Markdown works',
    );
  });
});
