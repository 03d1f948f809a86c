import { Anchor, Checkbox, Modal, ScrollArea, Stack } from '@mantine/core';
import type { PendingLegal } from '@far/contracts';
import { Fragment, useState } from 'react';
import { LegalText } from '../../components/content-view';

/** «Términos y condiciones Wallet y Aviso de privacidad Wallet»: each name a link that opens the text. */
function LegalLinks({ texts, onOpen }: { texts: PendingLegal[]; onOpen: (t: PendingLegal) => void }) {
  return (
    <>
      {texts.map((t, i) => (
        <Fragment key={t.v_uid}>
          {i === 0 ? '' : i === texts.length - 1 ? ' y ' : ', '}
          <Anchor component="button" type="button" fw={600} inherit onClick={() => onOpen(t)}>
            {t.v_name}
          </Anchor>
        </Fragment>
      ))}
    </>
  );
}

/**
 * The legal part of sign-up step 1 (issue 26 §1): the wallet's published legal texts as links that
 * open them, and an unticked checkbox the person must tick to continue.
 */
export function SignupLegal({ texts, checked, onChange, error }: { texts: PendingLegal[]; checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  const [open, setOpen] = useState<PendingLegal | null>(null);
  return (
    <Stack gap={6} data-testid="signup-legal">
      <Checkbox
        label={
          <>
            He leído y acepto <LegalLinks texts={texts} onOpen={setOpen} />
          </>
        }
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        error={error}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} centered size="lg" title={open?.v_name}>
        <ScrollArea.Autosize mah="60vh" type="auto">
          {open ? <LegalText html={open.Html} /> : null}
        </ScrollArea.Autosize>
      </Modal>
    </Stack>
  );
}
