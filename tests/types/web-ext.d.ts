// web-ext ships no types: the part of its API the extension lint test calls (tests/unit/extension-lint.test.ts).
declare module 'web-ext' {
  interface LintMessage {
    code: string;
    message: string;
    file?: string;
  }
  interface LintResult {
    summary: { errors: number; warnings: number; notices: number };
    errors: LintMessage[];
    warnings: LintMessage[];
    notices: LintMessage[];
  }
  const webExt: {
    cmd: {
      lint(params: { sourceDir: string; output?: 'json' | 'text'; boring?: boolean }, options: { shouldExitProgram: boolean }): Promise<LintResult>;
    };
  };
  export default webExt;
}
