import '@mantine/charts/styles.layer.css';

export { BarChart as default } from '@mantine/charts';
