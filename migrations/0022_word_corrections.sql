CREATE TABLE `word_corrections` (
	`WcID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`WcUsID` integer,
	`WcLgID` integer NOT NULL,
	`WcText` text NOT NULL,
	`WcParts` text NOT NULL,
	`WcCreated` integer NOT NULL,
	FOREIGN KEY (`WcUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`WcLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `word_corrections_text` ON `word_corrections` (`WcLgID`,`WcText`);