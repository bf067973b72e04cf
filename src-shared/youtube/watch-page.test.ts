import { describe, expect, it } from 'vitest';
import { parseWatchPage, playerResponseOf, spokenLanguageOf } from './watch-page';

const response = {
  responseContext: {},
  playabilityStatus: { status: 'OK', playableInEmbed: true },
  captions: {
    playerCaptionsTracklistRenderer: {
      captionTracks: [
        {
          baseUrl:
            'https://www.youtube.com/api/timedtext?v=dQw4w9WgXcQ&ei=x&caps=asr&opi=1&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1&sparams=ip&signature=AB&key=yt8&kind=asr&lang=en',
          name: { simpleText: 'English (auto-generated)' },
          vssId: 'a.en',
          languageCode: 'en',
          kind: 'asr',
          isTranslatable: true,
          trackName: '',
        },
        { baseUrl: '/api/timedtext?v=dQw4w9WgXcQ&lang=de', name: { runs: [{ text: 'German' }] }, vssId: '.de', languageCode: 'de', isTranslatable: true },
        { name: { simpleText: 'Broken' }, vssId: '.xx', languageCode: 'xx' },
      ],
      audioTracks: [{ captionTrackIndices: [0, 1] }],
      translationLanguages: [{ languageCode: 'fr', languageName: { simpleText: 'French' } }],
      defaultAudioTrackIndex: 0,
    },
  },
  videoDetails: { videoId: 'dQw4w9WgXcQ', title: 'A "quoted" {title}', author: 'Chan', shortDescription: 'Line one\nLine two }', lengthSeconds: '212' },
};
const page = (json: unknown, tail = ';var meta = {"x":1};') =>
  `<!DOCTYPE html><html><head><script>var ytcfg = {};</script></head><body><script nonce="n">var ytInitialPlayerResponse = ${JSON.stringify(json)}${tail}</script></body></html>`;

describe('the watch page', () => {
  it('reads title, channel, description and the caption tracks (automatic ones marked asr)', () => {
    const p = parseWatchPage(page(response));
    expect(p).toMatchObject({ found: true, status: 'OK', title: 'A "quoted" {title}', channel: 'Chan', description: 'Line one\nLine two }' });
    expect(p.tracks).toEqual([
      { id: 'a.en', language: 'en', kind: 'asr', baseUrl: response.captions.playerCaptionsTracklistRenderer.captionTracks[0].baseUrl },
      { id: '.de', language: 'de', kind: 'standard', baseUrl: '/api/timedtext?v=dQw4w9WgXcQ&lang=de' },
    ]);
    expect(spokenLanguageOf(p)).toBe('en');
  });

  it('cuts the object at its own closing brace, whatever follows', () => {
    expect(playerResponseOf(page({ a: '}{"', b: [1, { c: '\\' }] }, '</script><script>x = {};'))).toEqual({ a: '}{"', b: [1, { c: '\\' }] });
    expect(playerResponseOf(JSON.stringify(response))).toMatchObject({ videoDetails: { videoId: 'dQw4w9WgXcQ' } });
  });

  it('a video without captions, an unplayable one and a page without a player response', () => {
    const { captions: _captions, ...bare } = response;
    expect(parseWatchPage(page(bare))).toMatchObject({ found: true, tracks: [] });
    expect(parseWatchPage(page({ playabilityStatus: { status: 'ERROR', reason: 'Video unavailable' } }))).toMatchObject({ found: false, status: 'ERROR' });
    expect(parseWatchPage('<html>consent</html>')).toMatchObject({ found: false, tracks: [] });
    expect(parseWatchPage(page(response).slice(0, 200))).toMatchObject({ found: false });
    expect(spokenLanguageOf(parseWatchPage(page(bare)))).toBe('');
  });
});
