// Runs in: any process. Languages endpoints.
import { urlField } from './safe-url';
import { wordCharactersProblem } from '../text/regex-settings';
import { z } from 'zod';
import { endpoint, returns, idParam } from './endpoint';

export const PARSER_TYPES = ['regex', 'character', 'morphological'] as const;
export const LEMMATIZER_TYPES = ['none', 'dictionary', 'nlp', 'hybrid'] as const;

export interface LanguageDto {
  LgID: number;
  LgUsID: number | null;
  LgName: string;
  LgIsoCode: string;
  LgParserType: (typeof PARSER_TYPES)[number];
  LgLemmatizerType: (typeof LEMMATIZER_TYPES)[number];
  LgRegexpWordCharacters: string;
  LgRegexpSplitSentences: string;
  LgExceptionsSplitSentences: string;
  LgCharacterSubstitutions: string;
  LgRemoveSpaces: boolean;
  LgSplitEachChar: boolean;
  LgRightToLeft: boolean;
  LgShowRomanization: boolean;
  LgTextSize: number;
  LgDict1URI: string;
  LgDict2URI: string;
  LgGoogleTranslateURI: string;
  LgCreated: number;
}

export interface LanguagePreset extends Omit<LanguageDto, 'LgID' | 'LgUsID' | 'LgCreated' | 'LgLemmatizerType' | 'LgTextSize'> {
  /** The language's own name for itself, shown next to the English name. */
  endonym: string;
}

const boolField = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'on', ''])]).transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

export const languageFields = z.object({
  LgName: z.string().trim().min(1, 'LgName is required').max(40, 'LgName is at most 40 characters'),
  LgIsoCode: z
    .string()
    .trim()
    .max(8)
    .regex(/^[a-z]{0,3}(-[A-Za-z]{2,4})?$/, 'LgIsoCode must be an ISO 639 code such as "de"')
    .optional(),
  LgParserType: z.enum(PARSER_TYPES).optional(),
  LgLemmatizerType: z.enum(LEMMATIZER_TYPES).optional(),
  LgRegexpWordCharacters: z
    .string()
    .max(1000)
    .superRefine((v, ctx) => {
      const problem = wordCharactersProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: `LgRegexpWordCharacters: ${problem}` });
    })
    .optional(),
  LgRegexpSplitSentences: z.string().max(200).optional(),
  LgExceptionsSplitSentences: z.string().max(2000).optional(),
  LgCharacterSubstitutions: z.string().max(2000).optional(),
  LgRemoveSpaces: boolField.optional(),
  LgSplitEachChar: boolField.optional(),
  LgRightToLeft: boolField.optional(),
  LgShowRomanization: boolField.optional(),
  LgTextSize: z.coerce.number().int().min(50).max(400).optional(),
  LgDict1URI: urlField('LgDict1URI', 500, { template: true }).optional(),
  LgDict2URI: urlField('LgDict2URI', 500, { template: true }).optional(),
  LgGoogleTranslateURI: urlField('LgGoogleTranslateURI', 500, { template: true }).optional(),
});
export type LanguageFields = z.infer<typeof languageFields>;

/** A correction of the language's word segmenter (issue 46): WcText is cut into `parts` (one part: a join). */
export interface WordCorrectionDto {
  WcID: number;
  WcLgID: number;
  /** The string it applies to, lowercased: the parts joined. */
  WcText: string;
  parts: string[];
  WcCreated: number;
}

/** The parts of a correction: one for a join, several for a split; each with a letter, at most 100 characters in all. */
export const correctionParts = z
  .array(z.string().min(1).max(100))
  .min(1)
  .max(20)
  .refine((parts) => parts.join('').length <= 100, 'A correction is at most 100 characters');

export const languagesContract = {
  'languages.list': endpoint({ method: 'GET', path: '/api/v1/languages', access: 'read', input: z.object({}), output: returns<LanguageDto[]>() }),
  'languages.presets': endpoint({ method: 'GET', path: '/api/v1/languages/presets', access: 'read', input: z.object({}), output: returns<LanguagePreset[]>() }),
  'languages.get': endpoint({ method: 'GET', path: '/api/v1/languages/:id', access: 'read', input: z.object({ id: idParam }), output: returns<LanguageDto>() }),
  'languages.create': endpoint({ method: 'POST', path: '/api/v1/languages', access: 'manage', input: languageFields, output: returns<LanguageDto>() }),
  'languages.update': endpoint({
    method: 'PUT',
    path: '/api/v1/languages/:id',
    access: 'manage',
    input: languageFields.partial().extend({ id: idParam }),
    output: returns<LanguageDto>(),
  }),
  'languages.wordCorrections': endpoint({
    method: 'GET',
    path: '/api/v1/languages/:id/word-corrections',
    access: 'read',
    input: z.object({ id: idParam }),
    output: returns<{ corrections: WordCorrectionDto[] }>(),
  }),
  'languages.removeWordCorrection': endpoint({
    method: 'DELETE',
    path: '/api/v1/languages/:id/word-corrections/:correctionId',
    access: 'manage',
    input: z.object({ id: idParam, correctionId: idParam }),
    output: returns<{ success: true }>(),
  }),
  'languages.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/languages/:id',
    access: 'manage',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number }>(),
  }),
};
