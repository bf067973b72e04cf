// Runs in: renderer. A sentence's translation shown under it in the reader (issue 49): the G key or the word panel's
// button asks POST /translation for the sentence of the selected word and puts the answer in a line of its own
// right after the sentence (after its closing punctuation); a second press takes it away. The text is drawn by
// TextView outside React, so the line is a DOM node placed beside the words; a new render of the text drops it.
import type { ReaderText } from '../../../src-shared/text/reader-text';
import { api, errorMessage } from '../../api/client';
import { t } from '../../lib/i18n';
import type { RenderedText } from './TextView';

/** The outermost term element holding a word (a word may sit inside a multi-word term's span), inside its paragraph. */
function outerTerm(el: HTMLElement, root: HTMLElement): Node {
  let node: HTMLElement = el;
  while (node.parentElement && node.parentElement !== root && node.parentElement.hasAttribute('data_hex')) node = node.parentElement;
  return node;
}

/** Shows the translation of item `at`'s sentence under it, or hides it when it is shown. */
export async function toggleSentenceTranslation(opts: {
  model: ReaderText;
  rendered: RenderedText;
  words: number[];
  at: number;
  languageId: number;
}): Promise<void> {
  const { model, rendered, words, at, languageId } = opts;
  const sentence = model.sentence(at);
  const shown = rendered.root.querySelector(`.sentence-translation[data-sentence="${sentence}"]`);
  if (shown) {
    shown.remove();
    return;
  }
  // The sentence's last word, so the line goes after the whole sentence.
  let last = at;
  for (const i of words) if (model.sentence(i) === sentence && model.order(i) > model.order(last)) last = i;
  rendered.renderThroughOrder(model.order(last));
  const lastEl = rendered.byIndex.get(last) ?? rendered.byIndex.get(at);
  if (!lastEl) return;
  let anchor: Node = outerTerm(lastEl, rendered.root);
  // Closing punctuation (". ", "?» ") is a text node after the last word: the line goes after it.
  while (anchor.nextSibling?.nodeType === Node.TEXT_NODE && /^\S/.test(anchor.nextSibling.textContent ?? '')) anchor = anchor.nextSibling;
  const line = document.createElement('span');
  line.className = 'sentence-translation loading';
  line.dataset.sentence = String(sentence);
  line.setAttribute('role', 'note');
  line.setAttribute('contenteditable', 'false');
  line.setAttribute('lang', '');
  line.textContent = t('reader.translatingSentence');
  anchor.parentNode?.insertBefore(line, anchor.nextSibling);
  try {
    const answer = await api.call('translation.translate', { language_id: languageId, text: model.sentenceText(at) });
    line.classList.remove('loading');
    line.textContent = answer.translation;
    line.dataset.provider = answer.provider;
    line.dataset.cached = answer.cached ? '1' : '0';
    line.title = t(answer.cached ? 'reader.translationCached' : 'reader.translationBy', { provider: answer.provider });
  } catch (err) {
    line.classList.remove('loading');
    line.classList.add('error');
    line.textContent = errorMessage(err);
  }
}
