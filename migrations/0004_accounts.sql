CREATE TABLE `api_tokens` (
	`AtID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`AtUsID` integer,
	`AtName` text NOT NULL,
	`AtHash` text NOT NULL,
	`AtOrigin` text,
	`AtCreated` integer NOT NULL,
	`AtExpires` integer,
	`AtLastUsed` integer,
	FOREIGN KEY (`AtUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash` ON `api_tokens` (`AtHash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user` ON `api_tokens` (`AtUsID`);--> statement-breakpoint
CREATE TABLE `auth_mail_tokens` (
	`MtHash` text PRIMARY KEY NOT NULL,
	`MtUsID` integer NOT NULL,
	`MtKind` text NOT NULL,
	`MtExpires` integer NOT NULL,
	FOREIGN KEY (`MtUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_mail_tokens_user` ON `auth_mail_tokens` (`MtUsID`);--> statement-breakpoint
CREATE TABLE `auth_sessions` (
	`AsID` text PRIMARY KEY NOT NULL,
	`AsUsID` integer NOT NULL,
	`AsCreated` integer NOT NULL,
	`AsLastSeen` integer NOT NULL,
	FOREIGN KEY (`AsUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user` ON `auth_sessions` (`AsUsID`);--> statement-breakpoint
CREATE TABLE `captcha_spent` (
	`CsHash` text PRIMARY KEY NOT NULL,
	`CsExpires` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `remember_tokens` (
	`RtSelector` text PRIMARY KEY NOT NULL,
	`RtValidatorHash` text NOT NULL,
	`RtUsID` integer NOT NULL,
	`RtCreated` integer NOT NULL,
	`RtExpires` integer NOT NULL,
	FOREIGN KEY (`RtUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `remember_tokens_user` ON `remember_tokens` (`RtUsID`);