CREATE TABLE `users` (
	`UsID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`UsUsername` text NOT NULL,
	`UsPasswordHash` text NOT NULL,
	`UsEmail` text,
	`UsRole` text DEFAULT 'user' NOT NULL,
	`UsRememberToken` text,
	`UsApiToken` text,
	`UsRecoveryCodeHash` text,
	`UsEmailVerifiedAt` integer,
	`UsActive` integer DEFAULT true NOT NULL,
	`UsCreated` integer NOT NULL,
	`UsLastLogin` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username` ON `users` (`UsUsername`);--> statement-breakpoint
CREATE TABLE `languages` (
	`LgID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`LgUsID` integer,
	`LgName` text NOT NULL,
	`LgIsoCode` text DEFAULT '' NOT NULL,
	`LgParserType` text DEFAULT 'regex' NOT NULL,
	`LgLemmatizerType` text DEFAULT 'dictionary' NOT NULL,
	`LgRegexpWordCharacters` text DEFAULT '' NOT NULL,
	`LgRegexpSplitSentences` text DEFAULT '.!?' NOT NULL,
	`LgExceptionsSplitSentences` text DEFAULT '' NOT NULL,
	`LgCharacterSubstitutions` text DEFAULT '' NOT NULL,
	`LgRemoveSpaces` integer DEFAULT false NOT NULL,
	`LgSplitEachChar` integer DEFAULT false NOT NULL,
	`LgRightToLeft` integer DEFAULT false NOT NULL,
	`LgShowRomanization` integer DEFAULT false NOT NULL,
	`LgTextSize` integer DEFAULT 100 NOT NULL,
	`LgDict1URI` text DEFAULT '' NOT NULL,
	`LgDict2URI` text DEFAULT '' NOT NULL,
	`LgGoogleTranslateURI` text DEFAULT '' NOT NULL,
	`LgCreated` integer NOT NULL,
	FOREIGN KEY (`LgUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `languages_lookup` ON `languages` (`LgUsID`,`LgName`);--> statement-breakpoint
CREATE TABLE `tags` (
	`TgID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`TgUsID` integer,
	`TgText` text NOT NULL,
	`TgComment` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`TgUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tags_lookup` ON `tags` (`TgUsID`,`TgText`);--> statement-breakpoint
CREATE TABLE `word_tag_map` (
	`WtWoID` integer NOT NULL,
	`WtTgID` integer NOT NULL,
	PRIMARY KEY(`WtWoID`, `WtTgID`),
	FOREIGN KEY (`WtWoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`WtTgID`) REFERENCES `tags`(`TgID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `word_tag_map_tag` ON `word_tag_map` (`WtTgID`);--> statement-breakpoint
CREATE TABLE `words` (
	`WoID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`WoLgID` integer NOT NULL,
	`WoUsID` integer,
	`WoText` text NOT NULL,
	`WoTextLC` text NOT NULL,
	`WoLemma` text,
	`WoLemmaLC` text,
	`WoLemmaSource` text,
	`WoStatus` integer DEFAULT 1 NOT NULL,
	`WoTranslation` text DEFAULT '' NOT NULL,
	`WoRomanization` text DEFAULT '' NOT NULL,
	`WoNotes` text DEFAULT '' NOT NULL,
	`WoSentence` text DEFAULT '' NOT NULL,
	`WoWordCount` integer DEFAULT 1 NOT NULL,
	`WoCreated` integer NOT NULL,
	`WoModified` integer NOT NULL,
	`WoStatusChanged` integer NOT NULL,
	`WoImportBatch` integer,
	FOREIGN KEY (`WoLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`WoUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `words_language_text` ON `words` (`WoLgID`,`WoTextLC`);--> statement-breakpoint
CREATE INDEX `words_language_lemma` ON `words` (`WoLgID`,`WoLemmaLC`);--> statement-breakpoint
CREATE INDEX `words_language_status` ON `words` (`WoLgID`,`WoStatus`,`WoStatusChanged`);--> statement-breakpoint
CREATE INDEX `words_owner` ON `words` (`WoUsID`);--> statement-breakpoint
CREATE INDEX `words_owner_import` ON `words` (`WoUsID`,`WoImportBatch`);--> statement-breakpoint
CREATE TABLE `sentences` (
	`SeID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`SeLgID` integer NOT NULL,
	`SeTxID` integer NOT NULL,
	`SeOrder` integer NOT NULL,
	`SeFirstPos` integer NOT NULL,
	`SeStart` integer DEFAULT 0 NOT NULL,
	`SeLength` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`SeLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`SeTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sentences_text` ON `sentences` (`SeTxID`,`SeOrder`);--> statement-breakpoint
CREATE TABLE `text_tag_map` (
	`TtTxID` integer NOT NULL,
	`TtT2ID` integer NOT NULL,
	PRIMARY KEY(`TtTxID`, `TtT2ID`),
	FOREIGN KEY (`TtTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`TtT2ID`) REFERENCES `text_tags`(`T2ID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `text_tag_map_tag` ON `text_tag_map` (`TtT2ID`);--> statement-breakpoint
CREATE TABLE `text_tags` (
	`T2ID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`T2UsID` integer,
	`T2Text` text NOT NULL,
	`T2Comment` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`T2UsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `text_tags_lookup` ON `text_tags` (`T2UsID`,`T2Text`);--> statement-breakpoint
CREATE TABLE `texts` (
	`TxID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`TxLgID` integer NOT NULL,
	`TxUsID` integer,
	`TxTitle` text NOT NULL,
	`TxText` text NOT NULL,
	`TxAudioURI` text DEFAULT '' NOT NULL,
	`TxSourceURI` text DEFAULT '' NOT NULL,
	`TxAudioPosition` real DEFAULT 0 NOT NULL,
	`TxPosition` integer DEFAULT 0 NOT NULL,
	`TxArchived` integer DEFAULT false NOT NULL,
	`TxCreated` integer NOT NULL,
	`TxModified` integer NOT NULL,
	`TxOpenedAt` integer,
	`TxFinishedAt` integer,
	`TxNeedsParse` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`TxLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`TxUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `texts_owner_language` ON `texts` (`TxUsID`,`TxLgID`);--> statement-breakpoint
CREATE TABLE `token_forms` (
	`TfID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`TfLgID` integer NOT NULL,
	`TfTextLC` text NOT NULL,
	FOREIGN KEY (`TfLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `token_forms_language_text` ON `token_forms` (`TfLgID`,`TfTextLC`);--> statement-breakpoint
CREATE TABLE `word_occurrences` (
	`Ti2TxID` integer NOT NULL,
	`Ti2TfID` integer NOT NULL,
	`Ti2Order` integer NOT NULL,
	`Ti2WordCount` integer NOT NULL,
	`Ti2LgID` integer NOT NULL,
	`Ti2WoID` integer,
	PRIMARY KEY(`Ti2TxID`, `Ti2TfID`, `Ti2Order`, `Ti2WordCount`),
	FOREIGN KEY (`Ti2TxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`Ti2LgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`Ti2WoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `word_occurrences_term` ON `word_occurrences` (`Ti2WoID`) WHERE "Ti2WoID" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `feed_links` (
	`FlID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`FlNfID` integer NOT NULL,
	`FlTitle` text NOT NULL,
	`FlLink` text NOT NULL,
	`FlDescription` text DEFAULT '' NOT NULL,
	`FlDate` integer,
	`FlAudio` text DEFAULT '' NOT NULL,
	`FlText` text DEFAULT '' NOT NULL,
	`FlError` text DEFAULT '' NOT NULL,
	`FlTxID` integer,
	FOREIGN KEY (`FlNfID`) REFERENCES `news_feeds`(`NfID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`FlTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `feed_links_feed` ON `feed_links` (`FlNfID`,`FlLink`);--> statement-breakpoint
CREATE TABLE `news_feeds` (
	`NfID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`NfLgID` integer NOT NULL,
	`NfUsID` integer,
	`NfName` text NOT NULL,
	`NfSourceURI` text NOT NULL,
	`NfArticleSectionTags` text DEFAULT '' NOT NULL,
	`NfFilterTags` text DEFAULT '' NOT NULL,
	`NfOptions` text DEFAULT '' NOT NULL,
	`NfUpdate` integer,
	FOREIGN KEY (`NfLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`NfUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `news_feeds_owner` ON `news_feeds` (`NfUsID`,`NfLgID`);--> statement-breakpoint
CREATE TABLE `book_chapters` (
	`BcID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`BcBkID` integer NOT NULL,
	`BcNum` integer NOT NULL,
	`BcTitle` text DEFAULT '' NOT NULL,
	`BcTxID` integer,
	FOREIGN KEY (`BcBkID`) REFERENCES `books`(`BkID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`BcTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `book_chapters_book` ON `book_chapters` (`BcBkID`,`BcNum`);--> statement-breakpoint
CREATE TABLE `books` (
	`BkID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`BkLgID` integer NOT NULL,
	`BkUsID` integer,
	`BkTitle` text NOT NULL,
	`BkAuthor` text DEFAULT '' NOT NULL,
	`BkSourceURI` text DEFAULT '' NOT NULL,
	`BkCurrentChapter` integer DEFAULT 1 NOT NULL,
	`BkProgress` real DEFAULT 0 NOT NULL,
	`BkCreated` integer NOT NULL,
	FOREIGN KEY (`BkLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`BkUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `books_owner` ON `books` (`BkUsID`,`BkLgID`);--> statement-breakpoint
CREATE TABLE `local_dictionaries` (
	`LdID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`LdLgID` integer NOT NULL,
	`LdUsID` integer,
	`LdName` text NOT NULL,
	`LdDescription` text DEFAULT '' NOT NULL,
	`LdSourceFormat` text DEFAULT '' NOT NULL,
	`LdSourceURI` text DEFAULT '' NOT NULL,
	`LdLicense` text DEFAULT '' NOT NULL,
	`LdEntryCount` integer DEFAULT 0 NOT NULL,
	`LdPriority` integer DEFAULT 0 NOT NULL,
	`LdCreated` integer NOT NULL,
	FOREIGN KEY (`LdLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`LdUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `local_dictionaries_owner` ON `local_dictionaries` (`LdUsID`,`LdLgID`);--> statement-breakpoint
CREATE TABLE `local_dictionary_entries` (
	`LeID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`LeLdID` integer NOT NULL,
	`LeTerm` text NOT NULL,
	`LeTermLC` text NOT NULL,
	`LeReading` text DEFAULT '' NOT NULL,
	`LeDefinition` text NOT NULL,
	`LePartOfSpeech` text DEFAULT '' NOT NULL,
	`LeFrequencyRank` integer,
	FOREIGN KEY (`LeLdID`) REFERENCES `local_dictionaries`(`LdID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `local_dictionary_entries_lookup` ON `local_dictionary_entries` (`LeLdID`,`LeTermLC`);--> statement-breakpoint
CREATE TABLE `settings` (
	`StKey` text NOT NULL,
	`StValue` text NOT NULL,
	`StUsID` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`StKey`, `StUsID`)
);
--> statement-breakpoint
CREATE TABLE `activity_log` (
	`AcID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`AcUsID` integer,
	`AcDate` text NOT NULL,
	`AcTermsCreated` integer DEFAULT 0 NOT NULL,
	`AcTermsReviewed` integer DEFAULT 0 NOT NULL,
	`AcTextsRead` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`AcUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_log_lookup` ON `activity_log` (`AcUsID`,`AcDate`);--> statement-breakpoint
CREATE TABLE `activity_texts_read` (
	`AtTxID` integer NOT NULL,
	`AtDate` text NOT NULL,
	PRIMARY KEY(`AtTxID`, `AtDate`),
	FOREIGN KEY (`AtTxID`) REFERENCES `texts`(`TxID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `review_log` (
	`RlID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`RlWoID` integer NOT NULL,
	`RlReviewedAt` integer NOT NULL,
	`RlStatusFrom` integer NOT NULL,
	`RlStatusTo` integer NOT NULL,
	`RlRating` integer NOT NULL,
	`RlState` integer NOT NULL,
	`RlStability` real NOT NULL,
	`RlDifficulty` real NOT NULL,
	`RlDue` integer NOT NULL,
	`RlElapsedDays` integer DEFAULT 0 NOT NULL,
	`RlScheduledDays` integer DEFAULT 0 NOT NULL,
	`RlMode` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`RlWoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_log_word` ON `review_log` (`RlWoID`,`RlReviewedAt`);--> statement-breakpoint
CREATE TABLE `term_schedules` (
	`TsWoID` integer PRIMARY KEY NOT NULL,
	`TsStability` real NOT NULL,
	`TsDifficulty` real NOT NULL,
	`TsDue` integer NOT NULL,
	`TsState` integer NOT NULL,
	`TsReps` integer DEFAULT 0 NOT NULL,
	`TsLapses` integer DEFAULT 0 NOT NULL,
	`TsElapsedDays` integer DEFAULT 0 NOT NULL,
	`TsScheduledDays` integer DEFAULT 0 NOT NULL,
	`TsLearningSteps` integer DEFAULT 0 NOT NULL,
	`TsLastReview` integer,
	FOREIGN KEY (`TsWoID`) REFERENCES `words`(`WoID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `transcription_jobs` (
	`TjID` text PRIMARY KEY NOT NULL,
	`TjUsID` integer,
	`TjLgID` integer,
	`TjStatus` text NOT NULL,
	`TjFileName` text DEFAULT '' NOT NULL,
	`TjModel` text DEFAULT '' NOT NULL,
	`TjProgress` real DEFAULT 0 NOT NULL,
	`TjResult` text DEFAULT '' NOT NULL,
	`TjError` text DEFAULT '' NOT NULL,
	`TjCreated` integer NOT NULL,
	`TjUpdated` integer NOT NULL,
	FOREIGN KEY (`TjUsID`) REFERENCES `users`(`UsID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`TjLgID`) REFERENCES `languages`(`LgID`) ON UPDATE no action ON DELETE set null
);
