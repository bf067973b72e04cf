// docs/architecture.md quotes a real module front door as its example, so the example compiles and names events
// that exist: this keeps the quoted copy equal to the file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

describe('docs/architecture.md module example', () => {
  it('is the terms module front door, word for word', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const block = /```ts\n\/\/ (src-main\/modules\/[a-z-]+\/index\.ts)\n([\s\S]*?)```/.exec(doc);
    expect(block).not.toBeNull();
    const [, file, quoted] = block!;
    expect(quoted).toBe(fs.readFileSync(path.join(root, file), 'utf8'));
  });
});
