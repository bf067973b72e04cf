// Runs in: main. A YouTube video id from what the user pasted: the id itself, or a watch, short, embed,
// live or youtu.be link (reduced to the id). Anything else is refused.
export const VIDEO_ID = /^[A-Za-z0-9_-]{10,12}$/;

const HOSTS = /^(?:www\.|m\.|music\.)?(?:youtube\.com|youtube-nocookie\.com)$/i;

export function videoIdOf(ref: string): string | null {
  const raw = ref.trim();
  if (VIDEO_ID.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let id: string | null = null;
  if (/^(?:www\.)?youtu\.be$/i.test(url.hostname)) id = url.pathname.split('/')[1] ?? null;
  else if (HOSTS.test(url.hostname)) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v', 'e'].includes(parts[0] ?? '')) id = parts[1] ?? null;
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
