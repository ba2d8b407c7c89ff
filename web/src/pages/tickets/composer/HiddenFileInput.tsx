import type { Ref } from 'react';

/** The file picker behind an attach button (opened by `ref.current.click()`); the same files can be picked again. */
export function HiddenFileInput({ ref, onFiles }: { ref: Ref<HTMLInputElement>; onFiles(files: File[]): void }) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      aria-hidden
      tabIndex={-1}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        onFiles(files);
      }}
    />
  );
}
