import { useEffect } from 'react';

/**
 * Escape closes the dialog shown on top, by its close button. antd counts a dialog kept mounted while closed
 * (forceRender, which keeps its form's instance connected) as an open one, and hands Escape to the last one
 * mounted: the dialog on screen stayed open. What handles Escape inside a dialog first (an open select's
 * list) keeps it; a dialog without a close button (a confirmation) is left to antd, which closes it.
 */
export function useEscapeClosesDialog(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
      const shown = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter((wrap) => getComputedStyle(wrap).display !== 'none');
      const close = shown.at(-1)?.querySelector<HTMLElement>('.ant-modal-close');
      if (!close) return;
      event.stopPropagation();
      close.click();
    };
    // On the document: below the window, where antd's own handler listens, and above the dialogs' contents.
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
