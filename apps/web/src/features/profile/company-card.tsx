import type { MyBusiness } from '@far/contracts';
import { Paper, Text, Title } from '@mantine/core';
import { DetailGrid } from '../../components/detail-grid';

/** A persona moral's company data on /profile: staff keep it in Cuentas Business, so it is read only here. */
export function CompanyCard({ business: b }: { business: MyBusiness }) {
  return (
    <Paper withBorder p="lg" data-testid="company-data">
      <Title order={2} fz="lg">
        Datos de la empresa
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Persona moral. Para corregir estos datos, contacta a soporte.
      </Text>
      <DetailGrid
        cols={2}
        items={[
          { label: 'Razón social', value: b.CompanyName, wide: true },
          {
            label: 'RFC',
            value: (
              <Text span inherit className="tabular">
                {b.Rfc}
              </Text>
            ),
          },
          { label: 'Número de cliente', value: b.ClientNumber },
          { label: 'Representante legal', value: b.LegalRepresentative?.Name ?? 'Sin registrar' },
          { label: 'Correo del representante', value: b.LegalRepresentative?.Email },
        ]}
      />
    </Paper>
  );
}
