import { Tabs } from '@mantine/core';
import { IconFileText, IconForms } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ContentsPanel } from './contents-panel';
import { TypesPanel } from './types-panel';

/** /cms: contents (list, bulk actions, order) and content types (their form definitions). */
export function CmsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'tipos' ? 'tipos' : 'contenidos';
  return (
    <>
      <PageHeader title="Administrador de contenido" description="Tutoriales, preguntas frecuentes y textos legales que ven los usuarios Business y Wallet." />
      <Tabs value={tab} onChange={(v) => setParams(v === 'tipos' ? { tab: 'tipos' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="contenidos" leftSection={<IconFileText size={16} />}>
            Contenidos
          </Tabs.Tab>
          <Tabs.Tab value="tipos" leftSection={<IconForms size={16} />}>
            Tipos de contenido
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contenidos">
          <ContentsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tipos">
          <TypesPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
