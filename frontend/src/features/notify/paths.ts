/** The 消息中心 page: a fixed route every signed-in user reaches (no seeded menu). */
export const MESSAGES_PATH = '/messages';

/**
 * The page a message's link opens is the one shown: a notification about it would tell nothing
 * new. The same path, and the same ?type= when the link names one (/look serves every record kind).
 */
export function showsLink(pathname: string, search: string, link: string): boolean {
  if (pathname === MESSAGES_PATH) return true;
  if (!link) return false;
  const target = new URL(link, 'http://console.invalid');
  if (target.pathname !== pathname) return false;
  const type = target.searchParams.get('type');
  return type === null || new URLSearchParams(search).get('type') === type;
}
