import { describe, expect, it } from 'vitest';
import { youtubeCode, youtubeEmbed, youtubeThumbnail } from './youtube';

describe('youtube video code', () => {
  it('takes a bare code', () => {
    expect(youtubeCode('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeCode(' dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
  });

  it('understands pasted links', () => {
    expect(youtubeCode('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s')).toBe('dQw4w9WgXcQ');
    expect(youtubeCode('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe('dQw4w9WgXcQ');
    expect(youtubeCode('youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeCode('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('rejects empty and foreign values', () => {
    expect(youtubeCode(null)).toBeNull();
    expect(youtubeCode('')).toBeNull();
    expect(youtubeCode('https://vimeo.com/12345678')).toBeNull();
    expect(youtubeCode('<script>')).toBeNull();
  });

  it('builds thumbnail and embed addresses', () => {
    expect(youtubeThumbnail('abcdef')).toBe('https://img.youtube.com/vi/abcdef/mqdefault.jpg');
    expect(youtubeEmbed('abcdef')).toMatch(/^https:\/\/www\.youtube\.com\/embed\/abcdef/);
  });
});
