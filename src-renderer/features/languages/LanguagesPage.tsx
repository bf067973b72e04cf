// Runs in: renderer. Languages: list, create from a preset, edit, delete with confirmation.
import { useState } from 'react';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { Link } from '../../lib/router';
import { EmptyState, Page } from '../../components/Page';
import { RowTable } from '../../components/RowTable';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

const PARSER_LABELS = { regex: 'languages.parserRegex', character: 'languages.parserCharacter', morphological: 'languages.parserMorphological' } as const;

export default function LanguagesPage() {
  const { languages, reloadLanguages, currentLanguageId, setCurrentLanguage } = useApp();
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(id: number, name: string) {
    const ok = await confirmDialog({
      title: t('languages.deleteTitle', { name }),
      message: t('languages.deleteMessage', { name }),
      confirmLabel: t('languages.deleteConfirm', { name }),
      danger: true,
    });
    if (!ok) return;
    setBusy(id);
    try {
      await api.call('languages.delete', { id });
      await reloadLanguages();
      toast('success', t('languages.deleted', { name }));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page
      title={t('languages.title')}
      subtitle={t('languages.subtitle')}
      actions={
        <Link className="btn btn-primary" to="/languages/new">
          {t('languages.add')}
        </Link>
      }
    >
      <RowTable
        rows={languages}
        label={t('languages.title')}
        rowKey={(l) => l.LgID}
        rowClassName={(l) => (l.LgID === currentLanguageId ? 'row-current' : undefined)}
        columns={[
          {
            header: t('languages.colName'),
            cell: (l) => (
              <>
                <strong>{l.LgName}</strong>
                {l.LgID === currentLanguageId && <span className="badge">{t('languages.current')}</span>}
              </>
            ),
          },
          { header: t('languages.colCode'), cell: (l) => l.LgIsoCode || '—' },
          { header: t('languages.colParser'), cell: (l) => t(PARSER_LABELS[l.LgParserType]) },
          { header: t('languages.colDirection'), cell: (l) => t(l.LgRightToLeft ? 'languages.rtl' : 'languages.ltr') },
        ]}
        actions={[
          { label: t('languages.makeCurrent'), run: (l) => setCurrentLanguage(l.LgID), hidden: (l) => l.LgID === currentLanguageId },
          { label: t('common.edit'), to: (l) => `/languages/${l.LgID}/edit` },
          { label: t('common.delete'), run: (l) => remove(l.LgID, l.LgName), danger: true, disabled: (l) => busy === l.LgID },
        ]}
        empty={
          <EmptyState
            title={t('languages.empty')}
            action={
              <Link className="btn btn-primary" to="/languages/new">
                {t('languages.addFirst')}
              </Link>
            }
          >
            {t('languages.emptyBody')}
          </EmptyState>
        }
      />
    </Page>
  );
}
