export * from 'stemmer';
