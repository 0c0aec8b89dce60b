import { commentMatrices } from "./matrix";

commentMatrices("cr", "comments");
