// Runs in: renderer. Features that take dropped files register here (one import line each).
export {};
