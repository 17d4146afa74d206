/** An error a client caused or must know about; the api's global filter maps it to `{statusCode, message}`. */
export class AppError extends Error {
  constructor(public readonly statusCode: number, message: string, public readonly code?: string) {
    super(message);
    this.name = 'AppError';
  }
}
