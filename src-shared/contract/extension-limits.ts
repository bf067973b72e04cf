// Runs in: any process (and the browser extension, which must not bundle zod). The caps of POST /api/v1/annotate.
/** Caps of POST /api/v1/annotate: one block, all blocks of a request, and the number of blocks. */
export const ANNOTATE_MAX_BLOCK_CHARS = 20_000;
export const ANNOTATE_MAX_TOTAL_CHARS = 200_000;
export const ANNOTATE_MAX_BLOCKS = 2_000;
