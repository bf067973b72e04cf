CREATE TABLE `jobs` (
	`JbID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`JbKind` text NOT NULL,
	`JbPayload` text DEFAULT '{}' NOT NULL,
	`JbUsID` integer,
	`JbState` text DEFAULT 'pending' NOT NULL,
	`JbAttempts` integer DEFAULT 0 NOT NULL,
	`JbRunAfter` integer NOT NULL,
	`JbError` text DEFAULT '' NOT NULL,
	`JbCreated` integer NOT NULL,
	FOREIGN KEY (`JbUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_due` ON `jobs` (`JbState`,`JbRunAfter`);