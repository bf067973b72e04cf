// Runs in: renderer. /read without a text: continue the most recently opened text, or go to the library.
import { useEffect } from 'react';
import { api } from '../../api/client';
import { navigate } from '../../lib/router';
import { Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { t } from '../../lib/i18n';

export default function ContinueReadingPage() {
  const language = useApp((s) => s.currentLanguageId);
  useEffect(() => {
    api
      .call('texts.list', { sort: 'opened', perPage: 1, ...(language ? { language } : {}) })
      .then((page) => navigate(page.items[0] ? `/read/${page.items[0].TxID}` : '/texts', { replace: true }))
      .catch(() => navigate('/texts', { replace: true }));
  }, [language]);
  return <Spinner label={t('texts.openingYourLastText')} />;
}
