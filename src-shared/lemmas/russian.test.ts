// Russian participles under their verb, and adverbs of adjectives as their own lemma (issue 47).
import { describe, expect, it } from 'vitest';
import { russianParticipleVerb } from './russian';

const verbs = new Set(['назначить', 'построить', 'вынудить', 'победить', 'создать', 'означать', 'купить', 'избрать', 'взять', 'организовать']);
const isHeadword = (w: string) => verbs.has(w);

describe('Russian participles', () => {
  it('go to their verb, through the stem alternations of the past passive participle', () => {
    const participles = [
      'назначенный',
      'построенный',
      'вынужденный',
      'побеждённый',
      'созданный',
      'означающий',
      'купленный',
      'избранный',
      'взятый',
      'организованный',
    ];
    expect(participles.map((p) => russianParticipleVerb(p, isHeadword))).toEqual([
      'назначить',
      'построить',
      'вынудить',
      'победить',
      'создать',
      'означать',
      'купить',
      'избрать',
      'взять',
      'организовать',
    ]);
  });

  it('leave a word alone when the dictionary has no such verb', () => {
    expect(['настоящий', 'данный', 'большой', 'стол'].map((w) => russianParticipleVerb(w, isHeadword))).toEqual(['настоящий', 'данный', 'большой', 'стол']);
  });
});
