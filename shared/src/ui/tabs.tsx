import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  label: string;
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  orientation?: 'horizontal' | 'vertical';
  /** The panel of the active tab. */
  children: ReactNode;
}

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump to the ends. */
export function Tabs<K extends string>({
  label,
  items,
  active,
  onChange,
  orientation = 'horizontal',
  children,
}: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === active),
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const prev = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    let index: number | null = null;
    if (event.key === next) index = (activeIndex + 1) % items.length;
    if (event.key === prev) index = (activeIndex - 1 + items.length) % items.length;
    if (event.key === 'Home') index = 0;
    if (event.key === 'End') index = items.length - 1;
    const item = index === null ? undefined : items[index];
    if (index === null || !item) return;
    event.preventDefault();
    onChange(item.key);
    refs.current[index]?.focus();
  }

  const vertical = orientation === 'vertical';
  return (
    <div
      css={{
        display: 'flex',
        flexDirection: vertical ? 'row' : 'column',
        gap: '1rem',
        flexWrap: vertical ? 'wrap' : 'nowrap',
      }}
    >
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        onKeyDown={onKeyDown}
        css={(theme) => ({
          display: 'flex',
          flexDirection: vertical ? 'column' : 'row',
          gap: '0.25rem',
          // Horizontal tabs wrap onto a second row on a phone: a strip cut off at the edge gave no sign it scrolled.
          flexWrap: vertical ? 'nowrap' : 'wrap',
          borderBottom: vertical ? 'none' : `1px solid ${theme.color.border}`,
          minWidth: vertical ? '12rem' : undefined,
        })}
      >
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              ref={(el) => {
                refs.current[index] = el;
              }}
              id={`${baseId}-tab-${item.key}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              css={(theme) => [
                {
                  font: 'inherit',
                  whiteSpace: 'nowrap',
                  textAlign: 'left',
                  padding: '0.625rem 0.875rem',
                  background: selected && vertical ? theme.color.brandSoft : 'transparent',
                  color: selected ? theme.color.brandHover : theme.color.textMuted,
                  fontWeight: selected ? theme.font.weight.bold : theme.font.weight.medium,
                  border: 'none',
                  borderRadius: vertical ? theme.radius.md : 0,
                  borderBottom: vertical ? 'none' : `2px solid ${selected ? theme.color.brand : 'transparent'}`,
                  cursor: 'pointer',
                },
                focusRing(theme),
              ]}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${items[activeIndex]?.key ?? ''}`}
        tabIndex={0}
        css={{ flex: 1, minWidth: 0 }}
      >
        {children}
      </div>
    </div>
  );
}
