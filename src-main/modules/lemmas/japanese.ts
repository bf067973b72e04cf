// Runs in: main. Japanese lemmas: kuromoji's base form, through the texts module that loads the analyzer.
import { japaneseBaseForm } from '../analysis';

export const japaneseLemma = (word: string): string | null => japaneseBaseForm(word);
