export * from 'fsrs-browser';
export { default } from 'fsrs-browser';
