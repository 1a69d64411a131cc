/** The login page with the wanted path (query included) as its redirect parameter. */
export function loginRedirect(fullPath: string): string {
  return `${signInPageFor(fullPath)}?${new URLSearchParams({ redirect: fullPath })}`;
}

/**
 * The sign-in page of a path's users: the channel operators' own pages (/mine/…) are theirs,
 * so a bookmark of one leads to /newLogin (seed-spec §7's channel flow), anything else to /login.
 */
export function signInPageFor(fullPath: string): '/login' | '/newLogin' {
  return fullPath === '/mine' || fullPath.startsWith('/mine/') || fullPath.startsWith('/mine?') ? '/newLogin' : '/login';
}

/** The redirect query value when it names a path of this app; anything else goes to /. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === '/login' || value.startsWith('/login?')) return '/';
  return value;
}
