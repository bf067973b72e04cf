CREATE TABLE `media_files` (
	`MfID` text PRIMARY KEY NOT NULL,
	`MfUsID` integer,
	`MfFileName` text NOT NULL,
	`MfType` text NOT NULL,
	`MfExt` text NOT NULL,
	`MfSize` integer NOT NULL,
	`MfCreated` integer NOT NULL,
	FOREIGN KEY (`MfUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_files_owner` ON `media_files` (`MfUsID`);--> statement-breakpoint
CREATE TABLE `text_timings` (
	`TmTxID` integer NOT NULL,
	`TmOrder` integer NOT NULL,
	`TmStart` real NOT NULL,
	`TmEnd` real NOT NULL,
	`TmText` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`TmTxID`, `TmOrder`),
	FOREIGN KEY (`TmTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `TjRemoteID` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `TjMfID` text REFERENCES media_files(MfID);--> statement-breakpoint
ALTER TABLE `transcription_jobs` ADD `TjLanguage` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `transcription_jobs_owner` ON `transcription_jobs` (`TjUsID`,`TjCreated`);