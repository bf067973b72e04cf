// Runs in: main. The whole store schema; drizzle-kit reads this file to generate migrations/.
export * from './accounts';
export * from './languages';
export * from './terms';
export * from './lemmas';
export * from './tags';
export * from './texts';
export * from './text-tags';
export * from './feeds';
export * from './books';
export * from './dictionaries';
export * from './settings';
export * from './statistics';
export * from './review';
export * from './media';
export * from './transcription';
export * from './timings';
export * from './translation';
