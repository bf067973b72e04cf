CREATE INDEX `words_language_owner_text` ON `words` (`WoLgID`,`WoUsID`,`WoTextLC`);--> statement-breakpoint
CREATE INDEX `words_multiword` ON `words` (`WoLgID`,`WoUsID`) WHERE "WoWordCount" > 1;