/**
 * All of Mantine's CSS, for the screens after the first load (the signed-in layout, sign-up,
 * password reset); app/providers.tsx loads only the sign-in screen's part. Layered like it, so
 * loading the same rules twice changes nothing.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
