import { render } from '@testing-library/react';
import { Icon, type IconName } from '@beabro/shared/ui/icon';
import { CheckIcon } from '@beabro/shared/ui/icons/check';
import { LockIcon } from '@beabro/shared/ui/icons/lock';

const NAMES: IconName[] = [
  'alert',
  'banknote',
  'barChart',
  'check',
  'compass',
  'heart',
  'lock',
  'menu',
  'settings',
  'trophy',
  'user',
  'wallet',
  'x',
];

describe('icon set', () => {
  it.each(NAMES)('%s renders a decorative SVG that follows the text colour and size', (name) => {
    const { container } = render(<Icon name={name} />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveAttribute('width', '1em');
    expect(svg?.querySelector('path, circle, rect')).not.toBeNull();
    expect(container.textContent).toBe('');
  });

  it('named components render the same SVG as the icon picked by name', () => {
    const byName = render(<Icon name="check" />).container.innerHTML;
    const named = render(<CheckIcon />).container.innerHTML;
    expect(named).toBe(byName);
  });

  it('takes a size', () => {
    const { container } = render(<CheckIcon size="1.25rem" />);
    expect(container.querySelector('svg')).toHaveAttribute('height', '1.25rem');
  });

  it('an icon that carries meaning alone is an image with its label, not hidden', () => {
    const { getByRole } = render(<LockIcon label="Locked" />);
    const img = getByRole('img', { name: 'Locked' });
    expect(img).not.toHaveAttribute('aria-hidden');
  });
});
