import { VIDEO_PLAYER_ORIGINS, helpLinkTitle, type CmsSection, type ContentDefinition, type ContentField } from '@far/contracts';
import { Accordion, Anchor, AspectRatio, Card, Group, Image, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

type Values = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** 'Qué ES' and 'que es' fold to the same text: searches ignore accents and case. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es-MX');

/** A player URL for YouTube and Vimeo links; other http(s) URLs play as a video file or open as a link. */
export function embedUrl(url: string): string | null {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\./, '');
    if (host === 'youtu.be') return `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${u.pathname.slice(1)}`;
    if (host.endsWith('youtube.com')) {
      const id = u.searchParams.get('v') ?? u.pathname.match(/\/(?:embed|shorts)\/([^/]+)/)?.[1];
      return id ? `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${id}` : null;
    }
    if (host === 'vimeo.com' && /^\/\d+/.test(u.pathname)) return `${VIDEO_PLAYER_ORIGINS.vimeo}/video${u.pathname}`;
  } catch {
    return null;
  }
  return null;
}

/** A plain link to the video: where it cannot be played here, and always under the player. */
function VideoLink({ url, name }: { url: string; name: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" data-testid="video-link">
      Ver el video «{name}» en otra pestaña
    </Anchor>
  );
}

/** A video file, or its plain link once it fails to load (a bad address, a format the browser lacks). */
function VideoFile({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <VideoLink url={url} name={name} />;
  return <video src={url} controls style={{ maxWidth: 720, width: '100%', borderRadius: 8 }} aria-label={name} onError={() => setFailed(true)} />;
}

/** A step's link: a screen of the reader's section by its title, never its raw path. */
function StepLink({ link, section }: { link: string; section: CmsSection }) {
  if (!link.startsWith('/')) {
    return (
      <Anchor href={link} size="sm" target="_blank" rel="noopener noreferrer">
        {link}
      </Anchor>
    );
  }
  const title = helpLinkTitle(section, link);
  // The server refuses a link to no screen of the section; an old one is not offered.
  return title ? (
    <Anchor component={Link} to={link} size="sm">
      Ir a {title}
    </Anchor>
  ) : null;
}

function TutorialView({ name, value, section }: { name: string; value: Values; section: CmsSection }) {
  const url = str(value.url);
  const embed = embedUrl(url);
  const steps = Array.isArray(value.images) ? (value.images as Values[]) : [];
  return (
    <Stack gap="sm">
      {value.type === 'video' ? (
        embed ? (
          <>
            <AspectRatio ratio={16 / 9} maw={720}>
              <iframe src={embed} title={name} allow="encrypted-media; picture-in-picture" allowFullScreen style={{ border: 0, borderRadius: 8 }} />
            </AspectRatio>
            {/* An embedded player that cannot load says nothing to the page: the plain link is always there. */}
            <VideoLink url={url} name={name} />
          </>
        ) : /\.(mp4|webm)(\?|$)/i.test(url) ? (
          <VideoFile url={url} name={name} />
        ) : (
          <VideoLink url={url} name={name} />
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {steps.map((step, i) => (
            <Card key={i} withBorder padding="sm" radius="md">
              <Card.Section>
                <Image src={str(step.image)} alt={`Paso ${i + 1}`} h={140} fit="contain" bg="gray.0" />
              </Card.Section>
              <Text size="sm" mt="sm">
                <Text span fw={700}>
                  Paso {i + 1}.{' '}
                </Text>
                {str(step.text)}
              </Text>
              {str(step.link) ? <StepLink link={str(step.link)} section={section} /> : null}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export interface FaqEntry {
  key: string;
  question: string;
  answer: string;
}

export function faqEntries(id: string, value: Values): FaqEntry[] {
  const list = Array.isArray(value.questions) ? (value.questions as Values[]) : [];
  return list.map((q, i) => ({ key: `${id}-${i}`, question: str(q.question), answer: str(q.answer) }));
}

export function FaqAccordion({ entries }: { entries: FaqEntry[] }) {
  return (
    <Accordion variant="separated" radius="md" multiple>
      {entries.map((e) => (
        <Accordion.Item key={e.key} value={e.key}>
          <Accordion.Control>{e.question}</Accordion.Control>
          <Accordion.Panel>{e.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Legal HTML as the server stored it: sanitised there, so it is shown as is. */
export function LegalText({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

function GenericView({ definition, value }: { definition: ContentDefinition; value: Values }) {
  const line = (f: ContentField, v: Values) => {
    const x = v[f.field];
    if (f.control === 'image') return x ? <Image key={f.field} src={str(x)} alt={f.label} h={80} w={80} fit="contain" /> : null;
    if (f.control === 'richtext') return <LegalText key={f.field} html={str(x)} />;
    if (f.control === 'group') return null;
    return str(x) ? (
      <Text key={f.field} size="sm">
        <Text span fw={600}>
          {f.label}:
        </Text>{' '}
        {str(x)}
      </Text>
    ) : null;
  };
  return <Stack gap={6}>{definition.fields.map((f) => line(f, value))}</Stack>;
}

export interface ViewableContent {
  name: string;
  systemName: string | null;
  definition: ContentDefinition;
  value: Values;
  id: string;
  /** Whose screens its help links open. */
  section: CmsSection;
}

/** One content as readers see it (the help screen and the CMS preview draw the same thing). */
export function ContentView({ content }: { content: ViewableContent }) {
  const icon = str(content.value.icon);
  const body =
    content.systemName === 'tutorial' ? (
      <TutorialView name={content.name} value={content.value} section={content.section} />
    ) : content.systemName === 'faq' ? (
      <FaqAccordion entries={faqEntries(content.id, content.value)} />
    ) : content.systemName === 'legal' ? (
      <LegalText html={str(content.value.content)} />
    ) : (
      <GenericView definition={content.definition} value={content.value} />
    );
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        {icon && content.systemName !== 'legal' ? <Image src={icon} alt="" w={40} h={40} fit="contain" /> : null}
        <Title order={3} fz="lg">
          {content.name}
        </Title>
      </Group>
      {body}
    </Stack>
  );
}
