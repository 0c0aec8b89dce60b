import { commentMatrices } from "./matrix";

commentMatrices("cr", "replies");
