import { checkContentDefinition, type CmsSection, type HelpContent } from '@far/contracts';
import { Alert, Paper, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconFileText, IconHelpCircle, IconSearch, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentView, FaqAccordion, faqEntries, foldText } from '../../components/content-view';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { useMe } from '../../lib/api/get-me';
import { useHelp } from './api/help-api';

const viewable = (c: HelpContent, section: CmsSection) => {
  const check = checkContentDefinition(c.ContentType.t_json);
  return {
    id: c.v_uid,
    name: c.v_name,
    systemName: c.ContentType.v_system_name,
    definition: check.ok ? check.definition : { fields: [] },
    value: c.t_json,
    section,
  };
};

function Faq({ items }: { items: HelpContent[] }) {
  const [search, setSearch] = useState('');
  const needle = foldText(search.trim());
  const entries = items.flatMap((c) => faqEntries(c.v_uid, c.t_json));
  const found = needle ? entries.filter((e) => foldText(`${e.question} ${e.answer}`).includes(needle)) : entries;
  return (
    <Stack gap="md">
      <TextInput
        label="Buscar en preguntas frecuentes"
        placeholder="Escribe una palabra, con o sin acentos"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {found.length === 0 ? <Text c="dimmed">No encontramos preguntas con «{search.trim()}».</Text> : <FaqAccordion entries={found} />}
    </Stack>
  );
}

function Contents({ items, section }: { items: HelpContent[]; section: CmsSection }) {
  if (items.length === 0) return <Text c="dimmed">Aún no hay contenido publicado.</Text>;
  return (
    <Stack gap="lg">
      {items.map((c) => (
        <Paper key={c.v_uid} withBorder p="lg" radius="md">
          <ContentView content={viewable(c, section)} />
        </Paper>
      ))}
    </Stack>
  );
}

/** /help: tutorials, FAQ and legal texts published for the reader's section (business or wallet). */
export function HelpPage() {
  const me = useMe();
  const staff = me.data?.kind === 'FAR';
  const help = useHelp();
  if (staff)
    return <Alert color="blue">La ayuda es para usuarios Business y Wallet. Revisa su contenido en el Administrador de contenido con la vista previa.</Alert>;
  if (help.isError) return <ErrorAlert error={help.error} title="No fue posible cargar la ayuda" onRetry={() => void help.refetch()} />;
  if (help.isPending || me.isPending) return <LoadingScreen />;
  const of = (name: string) => help.data.filter((c) => c.ContentType.v_system_name === name);
  const section: CmsSection = me.data?.kind === 'WAL' ? 'wallet' : 'business';
  const others = help.data.filter((c) => !['tutorial', 'faq', 'legal'].includes(c.ContentType.v_system_name ?? ''));
  return (
    <>
      <PageHeader title="Ayuda" description="Tutoriales, preguntas frecuentes y textos legales." />
      <Tabs defaultValue="tutoriales">
        <Tabs.List mb="md">
          <Tabs.Tab value="tutoriales" leftSection={<IconVideo size={16} />}>
            Tutoriales
          </Tabs.Tab>
          <Tabs.Tab value="faq" leftSection={<IconHelpCircle size={16} />}>
            Preguntas frecuentes
          </Tabs.Tab>
          <Tabs.Tab value="legal" leftSection={<IconFileText size={16} />}>
            Textos legales
          </Tabs.Tab>
          {others.length > 0 ? <Tabs.Tab value="otros">Otros</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="tutoriales">
          <Contents items={of('tutorial')} section={section} />
        </Tabs.Panel>
        <Tabs.Panel value="faq">{of('faq').length === 0 ? <Contents items={[]} section={section} /> : <Faq items={of('faq')} />}</Tabs.Panel>
        <Tabs.Panel value="legal">
          <Contents items={of('legal')} section={section} />
        </Tabs.Panel>
        <Tabs.Panel value="otros">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {others.map((c) => (
              <Paper key={c.v_uid} withBorder p="lg" radius="md">
                <ContentView content={viewable(c, section)} />
              </Paper>
            ))}
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
