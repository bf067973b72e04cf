CREATE TABLE `lemma_rules` (
	`LrLgID` integer PRIMARY KEY NOT NULL,
	`LrVersion` text NOT NULL,
	`LrCursor` integer DEFAULT 0 NOT NULL,
	`LrChanged` integer DEFAULT 0 NOT NULL,
	`LrUpdated` integer,
	FOREIGN KEY (`LrLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade
);
