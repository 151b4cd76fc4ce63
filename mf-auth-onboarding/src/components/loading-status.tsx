/** Shown while the session is still unknown, so nobody is redirected on a guess. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <div
      role="status"
      css={(theme) => ({ padding: `${theme.space(16)} 0`, textAlign: 'center', color: theme.color.textMuted })}
    >
      {label}
    </div>
  );
}
