// Runs in: renderer. Features that take dropped files register here (one import line each).
import '../features/dictionaries/register';
import '../features/anki/register';
import '../features/texts/register';
import '../features/books/register';

export {};
