/**
 * The megaphone of the announcements menu entry and top-bar bell: antd's NotificationOutlined outline
 * and markup, drawn here so it travels with the shell's lazy chunk (every @ant-design/icons icon joins
 * the initial vendor-antd group, and the initial JS budget is nearly spent).
 */
export function AnnouncementsIcon() {
  return (
    <span role="img" aria-hidden="true" className="anticon anticon-notification">
      <svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d="M880 112c-3.8 0-7.7.7-11.6 2.3L292 345.9H128c-8.8 0-16 7.4-16 16.6v299c0 9.2 7.2 16.6 16 16.6h101.7c-3.7 11.6-5.7 23.9-5.7 36.4 0 65.9 53.8 119.5 120 119.5 55.4 0 102.1-37.6 115.9-88.4l408.6 164.2c3.9 1.5 7.8 2.3 11.6 2.3 16.9 0 32-14.2 32-33.2V145.2C912 126.2 897 112 880 112zM344 762.3c-26.5 0-48-21.4-48-47.8 0-11.2 3.9-21.9 11-30.4l84.9 34.1c-2 24.6-22.7 44.1-47.9 44.1zm496 58.4L318.8 611.3l-12.9-5.2H184V417.9h121.9l12.9-5.2L840 203.3v617.4z" />
      </svg>
    </span>
  );
}
