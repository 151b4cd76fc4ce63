import { screen } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { SaveStatus } from './save-status';

describe('SaveStatus', () => {
  it('keeps its icon apart from the message', () => {
    renderWithProviders(<SaveStatus state={{ kind: 'failed', message: 'Please correct the highlighted fields.' }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please correct the highlighted fields.');
    expect(alert.querySelector('svg')).toHaveStyle({ marginRight: '0.375rem' });
  });
});
