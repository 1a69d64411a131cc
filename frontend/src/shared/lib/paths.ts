/** The login page with the wanted path (query included) as its redirect parameter. */
export function loginRedirect(fullPath: string): string {
  return `/login?${new URLSearchParams({ redirect: fullPath })}`;
}

/** The redirect query value when it names a path of this app; anything else goes to /. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/login' || value.startsWith('/login?')) return '/';
  return value;
}
