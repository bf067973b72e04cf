-- Issue 47: automatic lemmas written before lemma_rules existed were written by rules older than any version the app
-- records now; each language that has some gets a row with an empty version, so the next start recomputes them once.
INSERT OR IGNORE INTO `lemma_rules` (`LrLgID`, `LrVersion`) SELECT DISTINCT `WoLgID`, '' FROM `words` WHERE `WoLemmaSource` = 'auto';
