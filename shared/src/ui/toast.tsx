import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastApi {
  show: (message: string, tone?: ToastTone) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const VISIBLE_MS = 4000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback((message: string, tone: ToastTone = 'info') => {
    const id = nextId.current++;
    setItems((current) => [...current, { id, tone, message }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setItems((current) => current.filter((item) => item.id !== id));
    }, VISIBLE_MS);
    timers.current.add(timer);
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        css={{
          position: 'fixed',
          bottom: '1rem',
          right: '1rem',
          left: '1rem',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-end',
          gap: '0.5rem',
          pointerEvents: 'none',
          zIndex: 50,
        }}
      >
        {items.map((item) => (
          <div
            key={item.id}
            css={(theme) => ({
              pointerEvents: 'auto',
              maxWidth: '24rem',
              padding: '0.75rem 1rem',
              borderRadius: theme.radius.md,
              boxShadow: theme.shadow.raised,
              color: theme.color.textInverse,
              background:
                item.tone === 'error'
                  ? theme.color.danger
                  : item.tone === 'success'
                    ? theme.color.success
                    : theme.color.text,
            })}
          >
            {item.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api)
    throw new Error('useToast must be used inside <ToastProvider> (the shell and each standalone harness provide it)');
  return api;
}
