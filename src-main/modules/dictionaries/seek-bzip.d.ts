// Runs in: main. Types for seek-bzip (the package ships none): the one call the archive reader uses.
declare module 'seek-bzip' {
  interface OutputSink {
    writeByte(byte: number): void;
  }
  const Bunzip: {
    decode(input: Buffer, output?: Buffer | number | OutputSink, multistream?: boolean): Buffer;
  };
  export default Bunzip;
}
