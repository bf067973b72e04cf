// Runs in: any process. The inline-markdown subset shared by reader, lists and review.
export { renderInlineMarkdown, stripInlineMarkdown, isSafeLinkUrl } from './inline';
