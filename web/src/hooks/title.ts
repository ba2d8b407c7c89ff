/**
 * Page title with the unread count (spec 000 §2): circled digits ①..⑳ up to 20 unread, then '(N)'.
 */
export function unreadMark(unread: number): string {
  const n = Number.isFinite(unread) ? Math.floor(unread) : 0;
  if (n <= 0) return '';
  if (n <= 20) return String.fromCodePoint(0x2460 + n - 1);
  return `(${n})`;
}

export function formatTitle(appName: string, unread: number): string {
  const mark = unreadMark(unread);
  return mark ? `${mark} ${appName}` : appName;
}

let appName = 'Atende';
let unread = 0;

const apply = () => {
  if (typeof document !== 'undefined') document.title = formatTitle(appName, unread);
};

/** Shows the unread count in the page title. */
export function setUnreadInTitle(n: number): void {
  unread = n;
  apply();
}

/** The whitelabel name the title is built on. */
export function setAppNameInTitle(name: string): void {
  appName = name;
  apply();
}
