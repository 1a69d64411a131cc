import { theme } from 'antd';

/**
 * The console's mark: an inline SVG, so no asset request and nothing outside the container.
 * Drawn in the theme colour (#2F6EFF by default).
 */
export function Logo({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={token.colorPrimary} />
      <path d="M9 12h14l-1.6 10.2a2 2 0 0 1-2 1.8h-6.8a2 2 0 0 1-2-1.8z" fill="#fff" />
      <path d="M12.5 12V11a3.5 3.5 0 0 1 7 0v1" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
    </svg>
  );
}
